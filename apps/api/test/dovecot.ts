// A real IMAP server for the inbound tests: Debian's dovecot (dovecot-imapd), started in the foreground with its
// own configuration, mailbox and password file in a temporary directory, plain IMAP on 127.0.0.1 on a free port,
// no system service. As root (CI) the mail processes run as `nobody`; otherwise as the current user. Missing
// dovecot fails the test (CI installs it: .ci/run).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export interface TestDovecot {
  port: number;
  user: string;
  pass: string;
  /** `imap://user:pass@127.0.0.1:port/INBOX` */
  url: string;
  /** Stops the server (the mailbox stays) and starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const DOVECOT = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((file) => existsSync(file));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

/** The account the mail processes run as: never root (dovecot refuses), the current user otherwise. */
function mailAccount() {
  const me = userInfo();
  if (me.uid !== 0) {
    const group = readFileSync('/etc/group', 'utf8')
      .split('\n')
      .map((entry) => entry.split(':'))
      .find((entry) => Number(entry[2]) === me.gid)?.[0];
    return { user: me.username, group: group ?? me.username, uid: me.uid, gid: me.gid, root: false };
  }
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { user: 'nobody', group: '', uid: Number(uid ?? 65534), gid: Number(gid ?? 65534), root: true };
}

export async function startDovecot(): Promise<TestDovecot> {
  if (!DOVECOT) {
    throw new Error(
      'dovecot is not installed: the inbound tests need Debian’s dovecot-imapd (apt-get install dovecot-imapd)',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-imap-'));
  const account = mailAccount();
  const port = await freePort();
  const user = 'inbound@agency.test';
  const pass = 'imap-test-password';
  for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub));
  chmodSync(dir, 0o755);
  if (account.root) chownSync(path.join(dir, 'mail'), account.uid, account.gid);
  writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${pass}\n`);
  const conf = path.join(dir, 'dovecot.conf');
  writeFileSync(
    conf,
    [
      'protocols = imap',
      'listen = 127.0.0.1',
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `mail_location = maildir:${dir}/mail/%u`,
      // Root keeps dovecot's own internal accounts; a user runs everything as itself.
      ...(account.root
        ? []
        : [
            `default_internal_user = ${account.user}`,
            `default_internal_group = ${account.group}`,
            `default_login_user = ${account.user}`,
          ]),
      'first_valid_uid = 1',
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${account.uid} gid=${account.gid} home=${dir}/mail/%u`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '  chroot =',
      '}',
      'service anvil {',
      '  chroot =',
      '}',
      'namespace inbox {',
      '  inbox = yes',
      '  separator = /',
      '}',
      '',
    ].join('\n'),
  );

  let child: ChildProcess | null = null;
  let output = '';
  const log = () =>
    [output, existsSync(`${dir}/dovecot.log`) ? readFileSync(`${dir}/dovecot.log`, 'utf8') : ''].join('\n');

  async function start() {
    // Its own process group: stopping it ends every dovecot process, the open connections' too, as a crash would.
    const started = spawn(DOVECOT!, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`dovecot did not start on port ${port}:\n${log()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const group = -running.pid!;
    const alive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    process.kill(group, 'SIGTERM');
    const deadline = Date.now() + 5000;
    while (alive()) {
      if (Date.now() > deadline) process.kill(group, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  await start();
  return {
    port,
    user,
    pass,
    url: `imap://${encodeURIComponent(user)}:${pass}@127.0.0.1:${port}/INBOX`,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
