import type { OwnProfile } from '@fm/sdk/contracts';
import { Link } from 'react-router';
import { completenessOf, stepPath } from './completeness.ts';

/**
 * The profile-completeness widget (user-area §2, §4): completed steps over total, a bar, and the
 * missing steps as links to where they are done. Hidden once every step is complete.
 *
 * @example
 * ```tsx
 * <CompletenessWidget profile={profile} />
 * ```
 */
export function CompletenessWidget({
  profile,
  showTitle = true,
}: {
  profile: OwnProfile;
  /** Off inside a card that has its own heading. */
  showTitle?: boolean;
}) {
  const completeness = completenessOf(profile.role, profile.profileCompleteness);
  if (completeness.isComplete) return null;
  const { completed, steps, missing, percent } = completeness;
  return (
    <section
      className="completeness"
      aria-label={showTitle ? undefined : 'Profile completeness'}
      aria-labelledby={showTitle ? 'completeness-title' : undefined}
      data-testid="completeness"
    >
      <div className="completeness__header">
        {showTitle ? (
          <h2 className="completeness__title" id="completeness-title">
            Profile completeness
          </h2>
        ) : null}
        <p className="completeness__count">
          {completed.length}/{steps.length} steps completed
        </p>
      </div>
      <div
        className="completeness__bar"
        role="progressbar"
        aria-label="Profile completeness"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={completed.length}
        aria-valuetext={`${completed.length} of ${steps.length} steps completed`}
      >
        <span className="completeness__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="completeness__lead">Complete these steps to finish your profile:</p>
      <ul className="completeness__steps">
        {missing.map((step) => (
          <li key={step}>
            <Link to={stepPath(step)} className="completeness__step">
              {step}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
