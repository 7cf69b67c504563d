import { Loading } from '../shell/loading';

/** `/loading`: the 'Loading...' line on its own. */
export default function LoadingScreen() {
  return (
    <main className="screen screen--center">
      <Loading />
    </main>
  );
}
