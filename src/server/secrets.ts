/**
 * The OTP HMAC secret and the Aadhaar encryption key: from the environment, or generated on the
 * first start into DATA_DIR/secrets.json (mode 0600) and read back on every later start.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type ServerConfig } from './config';

export interface Secrets {
  otpHmacSecret: Buffer;
  /** 32 bytes for AES-256-GCM. */
  aadhaarKey: Buffer;
}

interface SecretsFile {
  otpHmacSecret: string;
  aadhaarKey: string;
}

function readFile(file: string): SecretsFile | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SecretsFile>;
    if (typeof parsed.otpHmacSecret !== 'string' || !/^[0-9a-f]{64}$/.test(parsed.aadhaarKey ?? '')) throw new Error();
    return parsed as SecretsFile;
  } catch {
    throw new ConfigError(`${file} is damaged; restore it or set OTP_HMAC_SECRET and AADHAAR_KEY`);
  }
}

export function loadSecrets(config: ServerConfig): Secrets {
  let stored: SecretsFile | null = null;
  if (config.otpHmacSecret === null || config.aadhaarKey === null) {
    const file = join(config.dataDir, 'secrets.json');
    stored = readFile(file);
    if (stored === null) {
      stored = { otpHmacSecret: randomBytes(32).toString('hex'), aadhaarKey: randomBytes(32).toString('hex') };
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    }
  }
  return {
    otpHmacSecret: Buffer.from(config.otpHmacSecret ?? stored!.otpHmacSecret, 'utf8'),
    aadhaarKey: Buffer.from(config.aadhaarKey ?? stored!.aadhaarKey, 'hex'),
  };
}
