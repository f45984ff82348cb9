/**
 * Makes an autocannon client open a new connection after an answer that says `Connection: close`,
 * as a browser does. nginx ends every keep-alive connection after its `keepalive_requests`-th request
 * (1000 by default; freeing the connection's memory) with that header on the last answer; autocannon
 * ignores the header and writes its next request into the closing socket, which the kernel answers
 * with a reset (ECONNRESET, one "error"). At a quiet machine's rates 20 connections pass 1000
 * requests each within a 5 s round, so runs failed with a few such errors, the fastest rows first.
 * The hook uses autocannon 9's client internals (`_doRequest`, `_resetConnection`): the client
 * emits `headers` with the parser's `shouldKeepAlive` before it asks for the next request.
 */
export function honourConnectionClose(client) {
  let closing = false;
  client.on('headers', (info) => {
    closing = !info.shouldKeepAlive;
  });
  const next = client._doRequest;
  client._doRequest = function doRequest(...args) {
    if (!closing) return next.apply(this, args);
    closing = false;
    // A new connection, which sends the next request itself once opened.
    return this._resetConnection();
  };
}
