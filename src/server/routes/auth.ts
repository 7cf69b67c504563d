/**
 * GET /api/auth/challenge, POST /api/auth/request-otp, /verify-otp, /logout (DECISIONS §2 OTP and
 * sessions; codes to new numbers are budgeted and past the budgets need a solved challenge).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_SESSION_MS,
  COUNTRY_PREFIX,
  FARMER_SESSION_MS,
  OTP_MAX_PER_DAY,
  OTP_MAX_PER_HOUR,
  OTP_MAX_TRIES,
} from '../../domain/constants';
import { challengeKey, isValidSolution, MalformedSolution, newChallenge, parseSolution, unspend } from '../auth/challenge';
import { admitNewNumbers, newNumberBudgets, type Paid } from '../auth/new-numbers';
import { checkCode, issueCode, withdrawCode, type OtpRules } from '../auth/otp';
import { clientAddressKey } from '../http/client-address';
import { badRequest, challengeRequired, HttpError, rateLimited } from '../http/errors';
import {
  LoggedOut,
  OtpChallenge,
  RequestOtpBody,
  RequestOtpResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from '../../domain/schemas/user';
import { data } from '../http/schemas';
import type { Metrics } from '../ops/metrics';
import { giveBack } from '../repos/budgets';
import { createSession, endSession } from '../repos/sessions';
import { upsertLoginUser } from '../repos/users';
import { recipientLanguage } from '../sms/outbox';
import { otpSms } from '../sms/templates';

export interface IpLimit {
  max: number;
  timeWindowMs: number;
}

const CHECK_FAILURES = {
  invalid: new HttpError(400, 'OTP_INVALID', 'That code is not right'),
  expired: new HttpError(400, 'OTP_EXPIRED', 'That code has expired; ask for a new one'),
  locked: new HttpError(400, 'OTP_LOCKED', 'Too many wrong tries; ask for a new code'),
} as const;

export default async function authRoutes(plugin: FastifyInstance, opts: { ipLimit: IpLimit; metrics: Metrics | null }) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, secrets, sms, now } = app.deps;
  const rules: OtpRules = {
    ttlMs: config.otpTtlSeconds * 1000,
    resendMs: config.otpResendSeconds * 1000,
    maxPerHour: OTP_MAX_PER_HOUR,
    maxPerDay: OTP_MAX_PER_DAY,
    maxTries: OTP_MAX_TRIES,
  };
  const rateLimit = { max: opts.ipLimit.max, timeWindow: opts.ipLimit.timeWindowMs };
  const key = challengeKey(secrets.otpHmacSecret);
  const limits = { perHour: config.otpNewNumbersPerHour, perAddressHour: config.otpNewNumbersPerIpHour };

  /** What a code that could not be sent took, given back. */
  const refund = async (paid: Paid) => {
    if (paid.kind === 'budgets') await giveBack(db, paid.events);
    if (paid.kind === 'solution') await unspend(db, paid.signature);
  };

  app.get(
    '/auth/challenge',
    {
      config: { access: 'public', rateLimit },
      schema: { response: { 200: data(OtpChallenge) } },
    },
    async () => {
      const challenge = await newChallenge(key, now());
      return { data: { ...challenge, algorithm: 'SHA-256' as const, maxnumber: challenge.maxnumber ?? 0 } };
    },
  );

  app.post(
    '/auth/request-otp',
    {
      config: { access: 'public', rateLimit },
      schema: { body: RequestOtpBody, response: { 200: data(RequestOtpResponse) } },
    },
    async (request) => {
      const number = request.body.mobileNumber;
      const at = now();
      let solution = null;
      if (request.body.altcha !== undefined) {
        try {
          solution = parseSolution(request.body.altcha);
        } catch (error) {
          if (error instanceof MalformedSolution) throw badRequest(error.message);
          throw error;
        }
        // A forged or stale solution is no solution: the budgets decide as if none came.
        if (!(await isValidSolution(solution, key, at))) solution = null;
      }
      const budgets = newNumberBudgets(clientAddressKey(request.ip), limits);
      const issued = await issueCode(db, secrets.otpHmacSecret, number, at, rules, admitNewNumbers(number, budgets, solution, at));
      if (!issued.ok) {
        // Counted, so an operator sees a pumping attempt (or budgets set too tight for real sign-ups).
        opts.metrics?.otpRefused.inc({ reason: issued.admitted ? 'number_limit' : 'challenge_required' });
        throw issued.admitted ? rateLimited(issued.retryAfterMs / 1000, issued.reason) : challengeRequired(issued.retryAfterMs / 1000);
      }
      try {
        const language = await recipientLanguage(db, number, request.body.preferredLanguage);
        await sms.send(`${COUNTRY_PREFIX}${number}`, otpSms(language, issued.code, config.publicHost ?? request.hostname));
      } catch (error) {
        request.log.error({ err: error }, 'sms send failed');
        await withdrawCode(db, number, at);
        await refund(issued.paid);
        throw new HttpError(502, 'INTERNAL', 'The code could not be sent; try again shortly');
      }
      // The same answer for a known and an unknown number.
      return { data: { resendAfterSeconds: config.otpResendSeconds } };
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      config: { access: 'public', rateLimit },
      schema: { body: VerifyOtpBody, response: { 200: VerifyOtpResponse } },
    },
    async (request) => {
      const { mobileNumber: number, otp } = request.body;
      const at = now();
      const result = await checkCode(db, secrets.otpHmacSecret, number, otp, at, rules);
      if (result !== 'ok') throw CHECK_FAILURES[result];
      const admin = config.adminMobileNumbers.includes(number);
      const user = await upsertLoginUser(db, number, admin, at);
      const ttl = user.isAdmin === 1 ? ADMIN_SESSION_MS : FARMER_SESSION_MS;
      const token = await createSession(db, user.id, at, ttl);
      // An analyst fills in no farmer profile: the phone goes on to the profile answer, not to sign-up.
      return { token, profileUpdated: user.profileUpdated === 1 || config.analystMobileNumbers.includes(number) };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'user' },
      schema: { response: { 200: data(LoggedOut) } },
    },
    async (request) => {
      await endSession(db, request.token!);
      return { data: { loggedOut: true } };
    },
  );
}
