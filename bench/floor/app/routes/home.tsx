export function meta() {
  return [{ title: 'Hello' }];
}
export default function Home() {
  return (
    <main>
      <h1>Hello from React Router</h1>
    </main>
  );
}
