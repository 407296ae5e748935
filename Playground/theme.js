// Runs before the page paints (a blocking classic script): applies the
// persisted colour theme so a dark page never flashes light. The toggle
// itself lives in app.js.
(function () {
  var saved = null;
  try { saved = localStorage.getItem('menagerie.theme'); } catch (e) { /* storage may be disabled */ }
  if (saved === 'dark' || saved === 'light') document.documentElement.setAttribute('data-theme', saved);
})();
