// A list of lines (errors), one <li> each; the list stays in the page when empty.
export function Lines({ lines, testId }: { lines: string[]; testId: string }) {
  return (
    <ul className="errors" role="alert" data-testid={testId}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
