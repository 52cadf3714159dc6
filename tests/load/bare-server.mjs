// The baseline of the load test: a bare node:http server answering every request with the same
// bytes and content type as the page it stands for. Usage: node bare-server.mjs <body file> <content type>
// Prints the port it listens on (loopback, any free port).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
