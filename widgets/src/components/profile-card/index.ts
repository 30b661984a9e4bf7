export { ProfileCard, type ProfileCardProps } from './profile-card.tsx';
export { PROFILE_CARD_TEXT } from './profile-card-text.ts';
export {
  type ProfileCardFavourite,
  type ProfileCardState,
  ProfileCardView,
  type ProfileCardViewProps,
} from './profile-card-view.tsx';
export {
  capTags,
  experienceLabel,
  formatLocation,
  formatRate,
  formatRating,
  formatReviewCount,
  initials,
} from './profile-format.ts';
