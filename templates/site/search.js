/* Find a game by name, other-language name, file name ("open-game-17", ".html" or not) or number
   ("17", "#17", "№ 17", "Game 17", "Игра 17"). No library, no network: the list of games comes from
   games.js, which the page loads before this. Without JavaScript the box stays hidden and the
   contents page lists every game. */
(function () {
  "use strict";
  var box = document.getElementById("search"), data = window.RULES_GAMES;
  if (!box || !data) return;
  var input = document.getElementById("search-box"), list = document.getElementById("search-results");
  var none = document.getElementById("search-none"), lang = document.documentElement.lang;
  var suffix = lang === "en" ? ".html" : "." + lang + ".html";

  // Case, "ё"/"е" and accents do not matter.
  function fold(text) {
    return text.toLowerCase().replace(/ё/g, "е").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var games = data.games.map(function (game) {
    return { key: game[0], number: game[1], book: game[2], heading: game[3][lang],
             words: fold(game[4].concat(game[0]).join(" | ")) };
  });
  // A number alone or after the word the headings put before it, in either language.
  var numbered = new RegExp("^(?:(?:" + data.numberWords.map(function (word) {
    return fold(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("|") + ")\\s*)?[#№]?\\s*(\\d+)$");

  function matches(query) {
    var folded = fold(query).replace(/(\.[a-z]{2})?\.x?html$/, "");
    var number = numbered.exec(folded);
    if (number) return games.filter(function (game) { return game.number === +number[1]; });
    return games.filter(function (game) { return game.words.indexOf(folded) >= 0; });
  }

  function show() {
    var query = input.value.trim();
    list.textContent = "";
    none.textContent = "";
    if (!query) return;
    var found = matches(query).slice(0, 12);
    // A status that is always there, so that a screen reader says when nothing is found.
    none.textContent = found.length ? "" : none.getAttribute("data-none");
    found.forEach(function (game) {
      var item = document.createElement("li"), link = document.createElement("a"), book = document.createElement("span");
      link.href = game.key + suffix;
      link.textContent = game.heading + " · ";     // the game, then its book: read as two names
      book.textContent = data.books[game.book][lang];
      link.appendChild(book);
      item.appendChild(link);
      list.appendChild(item);
    });
  }

  box.hidden = false;
  input.addEventListener("input", show);
  box.addEventListener("submit", function (event) {
    event.preventDefault();
    var first = list.querySelector("a");
    if (first) window.location.href = first.href;
  });
})();
