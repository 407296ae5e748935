// Cases adapted from graphql-js 16 `schema-test.ts` (its SDL inputs); the expected
// errors and printed SDL are what graphql-js 16.6 produces for them.
// Generated once by Tests/Scripts/typesystem/gen-cases.sh; edit by hand from here on.
import XCTest
@testable import GraphQL

final class SchemaCasesTests: XCTestCase {
    func test000_Define_sample_schema() {
        let sdl = ##"""

                  """Sample schema"""
                  schema {
                    query: Query
                    mutation: Mutation
                    subscription: Subscription
                  }

                  type Query {
                    article(id: String): Article
                    feed: [Article]
                  }

                  type Article {
                    id: String
                    isPublished: Boolean
                    author: Author
                    title: String
                    body: String
                  }

                  type Author {
                    id: String
                    name: String
                    pic(width: Int, height: Int): Image
                    recentArticle: Article
                  }

                  type Image {
                    url: String
                    width: Int
                    height: Int
                  }

                  type Mutation {
                    writeArticle: Article
                  }

                  type Subscription {
                    articleSubscribe(id: String): Article
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                """Sample schema"""
                schema {
                  query: Query
                  mutation: Mutation
                  subscription: Subscription
                }

                type Query {
                  article(id: String): Article
                  feed: [Article]
                }

                type Article {
                  id: String
                  isPublished: Boolean
                  author: Author
                  title: String
                  body: String
                }

                type Author {
                  id: String
                  name: String
                  pic(width: Int, height: Int): Image
                  recentArticle: Article
                }

                type Image {
                  url: String
                  width: Int
                  height: Int
                }

                type Mutation {
                  writeArticle: Article
                }

                type Subscription {
                  articleSubscribe(id: String): Article
                }
                """##)
    }

}
