// TEMPORARY scaffold: replaced by the screen's owner (issue 3, 4 or 5).
export default function Screen() {
  return <main>under-verification</main>;
}
