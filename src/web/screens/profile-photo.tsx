import { ImageStepScreen } from '../onboarding/image-step-screen';

/** `/register/profile-photo`: the first registration step. */
export default function ProfilePhoto() {
  return <ImageStepScreen kind="profile" />;
}
