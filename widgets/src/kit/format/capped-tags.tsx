import { capTags } from '../../components/profile-card/profile-format.ts';

/**
 * Tags in a table cell, at most `limit` (admin-panel §2: 2 categories, industries and regions, 5
 * states), the rest as "+N" whose title and hidden text name them.
 *
 * @example
 * ```tsx
 * <CappedTags label="Industries" tags={consultant.industrySpecialty} limit={TAG_DISPLAY_LIMITS.industries} />
 * ```
 */
export function CappedTags({
  label,
  tags,
  limit,
}: {
  label: string;
  tags: readonly string[];
  limit: number;
}) {
  if (tags.length === 0) return <span>—</span>;
  const { shown, hidden } = capTags(tags, limit);
  return (
    <ul className="kit-tags" aria-label={label}>
      {shown.map((tag) => (
        <li key={tag} className="kit-tag">
          {tag}
        </li>
      ))}
      {hidden.length > 0 ? (
        <li className="kit-tag" title={hidden.join(', ')}>
          <span aria-hidden="true">+{hidden.length}</span>
          <span className="visually-hidden">and {hidden.join(', ')}</span>
        </li>
      ) : null}
    </ul>
  );
}
