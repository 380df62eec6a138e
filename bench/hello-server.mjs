// The baseline: the least a Node.js HTTP server can do.
import http from 'node:http';

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('hello');
});
server.listen(Number(process.env.PORT ?? 3602), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
