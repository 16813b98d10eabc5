# For the mutation run's coverage map only (on PYTHONPATH while the map is made): the commands the tests
# start run their jobs in-process and save their coverage before the kit's os._exit.
import os

if "MUTMAP_CONTEXT" in os.environ:
    import multiprocessing

    try:
        import coverage
        if coverage.Coverage.current() is not None:
            coverage.Coverage.current().switch_context(os.environ["MUTMAP_CONTEXT"])
    except ImportError:
        pass

    multiprocessing.get_all_start_methods = lambda: ["spawn"]
    _exit = os._exit

    def _saving_exit(code):
        import coverage
        current = coverage.Coverage.current()
        if current is not None:
            current.stop()
            current.save()
        _exit(code)

    os._exit = _saving_exit
