/**
 * Accounts: the caller's profile, the account's subscription, members and seats (roles owner, admin,
 * member: docs/entitlements.md), the reader's interests. What the faces may import.
 */
export { accountOf, accountToLeave, accountWithRole, type CallerAccount } from './account-of.js';
export { getProfile, updateProfile, isTimeZone, canonicalTimeZone, type Profile } from './profile.js';
export { getSubscription, currentSubscription, seatsOf, type SubscriptionView } from './subscription.js';
export { listMembers, inviteMember, removeMember, INVITATION_DAYS, MANAGERS, type Member, type InviteResult } from './members.js';
export { getInterests, replaceInterests, addInterestTerm, removeInterestTerm, type Interests } from './interests.js';
export { UpdateProfileInput, InviteMemberInput, ReplaceInterestsInput, ROLES, type Role } from './schemas.js';
export { acceptInvitation, getInvitation, type AcceptedInvitation, type InvitationView } from './accept-invitation.js';
