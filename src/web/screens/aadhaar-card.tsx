import { ROUTES } from '../../domain/routes';
import { ImageStepScreen } from '../onboarding/image-step-screen';
import { useGo } from '../shell/use-actors';

/** `/register/aadhaar-card`: the identity card step. */
export default function AadhaarCard() {
  const go = useGo();
  return <ImageStepScreen kind="aadhaar" onBack={() => go(ROUTES.profilePhoto)} />;
}
