// TEMPORARY scaffold: replaced by the admin issue (5).
export default function Screen() {
  return <main>admin quotations</main>;
}
