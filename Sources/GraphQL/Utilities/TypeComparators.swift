/// True when the two types are the same (same named type, same wrappers).
public func isEqualType(_ typeA: GraphQLType, _ typeB: GraphQLType) -> Bool {
    typeA == typeB
}

/// True when `maybeSubType` may be used where `superType` is expected
/// (graphql-js's `isTypeSubTypeOf`): same type, a non-null of a subtype, a
/// list of subtypes of a list, or an object/interface implementing an
/// interface / member of a union.
public func isTypeSubTypeOf(_ schema: GraphQLSchema, _ maybeSubType: GraphQLType, _ superType: GraphQLType) -> Bool {
    if maybeSubType == superType { return true }
    if case .nonNull(let superInner) = superType {
        if case .nonNull(let subInner) = maybeSubType {
            return isTypeSubTypeOf(schema, subInner, superInner)
        }
        return false
    }
    if case .nonNull(let subInner) = maybeSubType {
        return isTypeSubTypeOf(schema, subInner, superType)
    }
    if case .list(let superItem) = superType {
        if case .list(let subItem) = maybeSubType {
            return isTypeSubTypeOf(schema, subItem, superItem)
        }
        return false
    }
    if case .list = maybeSubType { return false }
    guard case .named(let superNamed) = superType, case .named(let subNamed) = maybeSubType else { return false }
    guard superNamed.isAbstractType else { return false }
    switch subNamed {
    case .object, .interface: return schema.isSubType(superNamed, subNamed)
    default: return false
    }
}

/// True when two composite types could both apply to some object
/// (graphql-js's `doTypesOverlap`).
public func doTypesOverlap(_ schema: GraphQLSchema, _ typeA: GraphQLNamedType, _ typeB: GraphQLNamedType) -> Bool {
    if typeA == typeB { return true }
    if typeA.isAbstractType {
        if typeB.isAbstractType {
            return schema.possibleTypes(of: typeA).contains { schema.isSubType(typeB, .object($0)) }
        }
        return schema.isSubType(typeA, typeB)
    }
    if typeB.isAbstractType {
        return schema.isSubType(typeB, typeA)
    }
    return false
}
