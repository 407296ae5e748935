// The GraphQLServer module.
