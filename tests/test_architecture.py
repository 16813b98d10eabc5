"""The tree's shape: imports go one way, down the pipeline, and never in a circle.

Every import counts, also one inside a function (the kit imports lazily for speed, but a lazy
import is still a dependency). The layers, lowest first, are those the guide's
docs/explanation/code-organisation.md lists and each package's __init__.py states.
"""

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"

# A module may import from its own layer and the layers before it, never from one after it.
LAYERS = [
    {"generator.errors", "generator.words"},      # the one error type and the words people read (gettext)
    {"generator.files"},                          # reading and writing files safely
    {"generator.model"},                          # the game's data
    {"generator.rules"},                          # the rules text
    {"generator.colour"},                         # colour values, themes, checks (cross-cutting)
    {"generator.scene"},                          # drawing primitives in mm
    {"generator.art", "generator.solids"},        # what things look like: drawings, 3D bodies
    {"generator.imposition"},                     # where drawings go on pages
    {"generator.writers"},                        # files from drawings and bodies
    {"generator.books"},                          # rules and figures typeset as books
    {"generator.settings"},                       # what the user asked for
    {"generator.jobs"},                           # the kit's jobs
    {"generator.commands", "generator.studio"},   # the command line and the colour studio
    {"generator.entry", "generator.__main__"},    # start-up
]


def _modules() -> dict[str, Path]:
    modules = {}
    for path in GENERATOR.rglob("*.py"):
        parts = ("generator", *path.relative_to(GENERATOR).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _imports(name: str, path: Path, modules: dict) -> set[str]:
    """The modules of generator/ that `name` imports, anywhere in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + ".") and target != "generator":
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _layer(module: str) -> int | None:
    for index, layer in enumerate(LAYERS):
        if any(module == top or module.startswith(top + ".") for top in layer):
            return index
    return None


def test_every_module_has_a_layer():
    unplaced = [name for name in _modules() if name != "generator" and _layer(name) is None]
    assert not unplaced, f"modules outside every layer (add them to a layer's package): {unplaced}"


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [f"{name} imports {target}" for name, targets in _graph().items() if name != "generator"
              for target in targets if _layer(target) > _layer(name)]
    assert not upward, "imports that go up the pipeline:\n" + "\n".join(sorted(upward))


def test_no_import_circle():
    graph = _graph()
    index, low, stack, on_stack, circles = {}, {}, [], set(), []

    def visit(node: str) -> None:           # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(" <-> ".join(sorted(component)))

    for node in graph:
        if node not in index:
            visit(node)
    assert not circles, "import circles:\n" + "\n".join(circles)


def test_every_package_says_what_it_does_and_may_import():
    for init in GENERATOR.rglob("__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert doc, f"{init.relative_to(GENERATOR.parent)} has no docstring saying what its layer does"
        if init.parent != GENERATOR and init.parent.parent == GENERATOR:     # a layer's package
            assert "import" in doc, f"{init.relative_to(GENERATOR.parent)} does not say what it may import"
