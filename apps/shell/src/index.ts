// The entry. No asynchronous boundary: the shell builds without the federation plugin, so nothing
// is negotiated before its modules run, and the page's scripts load in parallel from its HTML.
import './app/bootstrap';
