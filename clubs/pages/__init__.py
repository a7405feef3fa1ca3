"""Pages of the clubs app: a club's members and, for its organizers, invitations and roles;
the invitation page and the sign-up it leads to."""
