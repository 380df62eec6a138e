// A mail server for bench:checkout (the `smtp-server` library, as tests/support/smtp-stand-in.ts):
// accepts every message and keeps only the count, in its own process so that its CPU is nobody's in
// the figures. `node bench/smtp-sink.mjs PORT`; prints "listening", and "received N" when stopped.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  // Exits once the count is written (a pipe may be written asynchronously).
  process.stdout.write(`received ${received}\n`, () => process.exit(0));
});
