/** A labelled list of tags (specialties, regions, categories…). */
export function TagList({ label, tags }: { label: string; tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <div className="profile__tags">
      <h3 className="profile__subheading">{label}</h3>
      <ul className="tags">
        {tags.map((tag) => (
          <li key={tag} className="tag">
            {tag}
          </li>
        ))}
      </ul>
    </div>
  );
}
