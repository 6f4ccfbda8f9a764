import { createServer, type AddressInfo, type Socket } from 'node:net';

const REPLIES: Record<string, string> = { EHLO: '250 test-smtp\r\n', HELO: '250 test-smtp\r\n', DATA: '354 end with .\r\n' };

export type ReceivedMail = { from: string; to: string[]; data: string };

/** A minimal SMTP server on a free local port that accepts every message and keeps it. */
export type SmtpSink = {
  port: number;
  received: ReceivedMail[];
  /** The first mail (already received or still to come) that matches, or a timeout error. */
  waitForMail: (matches: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export async function startSmtpServer(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 test-smtp ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.split(/[ :]/)[0].toUpperCase();
        if (verb === 'MAIL') mail.from = line;
        if (verb === 'RCPT') mail.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else socket.write(REPLIES[verb] ?? '250 2.0.0 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const waitForMail = async (matches: (mail: ReceivedMail) => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = received.find(matches);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  };
  return {
    port: (server.address() as AddressInfo).port,
    received,
    waitForMail,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A local port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
