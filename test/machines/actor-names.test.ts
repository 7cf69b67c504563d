/**
 * The names an analyst reads in the inspector (DECISIONS 004): every actor a chart invokes has an id
 * that says what it does, never XState's index (`0.app.restoring`), and the children peers look up
 * have their systemId. Read from each chart's states: the same ids the running actors carry.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { cartMachine } from '../../machines/cart.machine';
import { catalogueMachine } from '../../machines/catalogue.machine';
import { connectionMachine } from '../../machines/connection.machine';
import { localeMachine } from '../../machines/locale.machine';
import { orderTrackingMachine } from '../../machines/order-tracking.machine';
import { otpLoginMachine, otpProofMachine } from '../../machines/otp-login.machine';
import { protectedImageMachine } from '../../machines/protected-image.machine';
import { quotationDetailMachine } from '../../machines/quotation-detail.machine';
import { quotationListMachine } from '../../machines/quotation-list.machine';
import { quotationStoreMachine } from '../../machines/quotation-store.machine';
import { registrationMachine } from '../../machines/registration.machine';
import { sessionMachine } from '../../machines/session.machine';

/** `state > id` for each invoke, with `@systemId` where it has one. */
const invokesOf = (node: AnyStateNode): string[] => [
  ...node.invoke.map((invoke) => `${node.id} > ${invoke.id}${invoke.systemId ? ` @${invoke.systemId}` : ''}`),
  ...Object.values(node.states).flatMap(invokesOf),
];

const NAMES: [AnyStateMachine, string[]][] = [
  [
    appMachine,
    [
      'app.restoring > restore',
      'app.running > session @session',
      'app.running > locale @locale',
      'app.running > cart @cart',
      'app.running > catalogue @catalogue',
      'app.running > quotations @quotations',
      'app.running > connection @connection',
      'app.running > loadOutbox',
      'app.running > persist',
      'app.running > avatar @avatar',
      'app.running > sessionWatch',
      'app.running.adminChartsLoading > loadAdminCharts',
    ],
  ],
  [
    sessionMachine,
    [
      'session.account.loggedOut > otpLogin @otpLogin',
      'session.account.loadingProfile > loadProfile',
      'session.account.pushingLanguage > pushLanguage',
      'session.account.registering > registration @registration',
      'session.account.active.refreshing > refreshProfile',
      'session.account.active.savingLanguage > saveLanguage',
      'session.account.deletingAccount > deleteAccount',
      'session.account.loggingOut > logout',
    ],
  ],
  [
    otpLoginMachine,
    [
      'otpLogin > proof @otpProof',
      'otpLogin.requestingCode.sending > requestOtp',
      'otpLogin.requestingCode.retrying > retryOtp',
      'otpLogin.awaitingCode > webOtp',
      'otpLogin.awaitingCode.code.verifying > verifyOtp',
      'otpLogin.awaitingCode.resend.counting > clock',
      'otpLogin.awaitingCode.resend.resending > resendOtp',
    ],
  ],
  [otpProofMachine, ['otpProof.fetching > fetchChallenge', 'otpProof.solving > solveChallenge']],
  [
    registrationMachine,
    [
      'registration.filling > stepWatch',
      'registration.filling.profile.preparing > prepare-profile',
      'registration.filling.profile.uploading > upload-profile',
      'registration.filling.aadhaar.preparing > prepare-aadhaar',
      'registration.filling.aadhaar.uploading > upload-aadhaar',
      'registration.filling.details.locating > locate',
      'registration.filling.details.submitting > submitProfile',
    ],
  ],
  [cartMachine, ['cart > logoutWatch', 'cart.sending > requestQuotation']],
  [catalogueMachine, ['catalogue > locationWatch', 'catalogue.list.loading > fetchSkus', 'catalogue.contact.loading > fetchConfig']],
  [connectionMachine, ['connection > watch']],
  [localeMachine, ['locale > languageWatch', 'locale.loading > loadTexts', 'locale.failed.retrying > loadTexts']],
  [quotationStoreMachine, ['quotationStore > logoutWatch']],
  [
    quotationListMachine,
    [
      'quotationList > visibility',
      'quotationList.poll.fetching > fetchQuotations',
      'quotationList.more.loading > fetchMoreQuotations',
      'quotationList.removal.deleting > deleteQuotation',
    ],
  ],
  [
    quotationDetailMachine,
    [
      'quotationDetail.active > visibility',
      'quotationDetail.active.poll.fetching > fetchQuotation',
      'quotationDetail.active.action.deleting > deleteQuotation',
      'quotationDetail.active.action.declining > declineQuotation',
      'quotationDetail.active.action.countering > counterQuotation',
      'quotationDetail.active.action.placingOrder > placeOrder',
    ],
  ],
  [orderTrackingMachine, ['orderTracking > visibility', 'orderTracking.poll.fetching > fetchQuotation']],
  [protectedImageMachine, ['protectedImage.active > fetchImage']],
];

describe('the names the inspector shows', () => {
  for (const [machine, names] of NAMES) {
    it(`names every actor ${machine.id} invokes`, () => {
      const invokes = invokesOf(machine.root);
      expect(invokes.filter((name) => /> \d+\./.test(name))).toEqual([]);
      expect(invokes).toEqual(names);
    });
  }
});
