/** `index.html` as Vite writes it for the portal's entry: the script, its module preloads, then the style sheet. */
export const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>E-Banking</title>
    <script type="module" crossorigin src="/wp-user/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/wp-user/assets/vendor-1.js">
    <link rel="stylesheet" crossorigin href="/wp-user/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
