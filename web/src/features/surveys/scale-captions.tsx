/** What the two ends of a row of stars or numbers mean, under its first and last button. */
export function ScaleCaptions({ id, low, high }: { id: string; low: string; high: string }) {
  return (
    <div id={id} className="survey-captions">
      <span>{low}</span>
      <span>{high}</span>
    </div>
  );
}
