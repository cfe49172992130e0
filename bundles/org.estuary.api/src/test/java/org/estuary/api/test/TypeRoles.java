package org.estuary.api.test;

/**
 * The rule every exported type of every Estuary bundle obeys (STYLE.md 3): a public top-level type says who
 * implements it with exactly one of {@code @ProviderType} (Estuary implements it; users only call it) and
 * {@code @ConsumerType} (users implement it). Semantic versioning of the package depends on it: adding a method
 * to a provider type is a minor change, to a consumer type a major one. The annotations have CLASS retention, so
 * the rule reads class files ({@link ClassFileInfo}). Used by {@link ApiHygieneTest} and, through this module's
 * test jar, by the check of every bundle's exports in itest/.
 */
public final class TypeRoles {

    public static final String PROVIDER_TYPE = "Lorg/osgi/annotation/versioning/ProviderType;";
    public static final String CONSUMER_TYPE = "Lorg/osgi/annotation/versioning/ConsumerType;";

    private TypeRoles() {
    }

    /** Whether the rule applies: public top-level types (nested types follow their enclosing type). */
    public static boolean applies(ClassFileInfo type) {
        return type.isPublic() && !type.nested;
    }

    /** What is wrong with the type's role, or null when it declares exactly one (or the rule does not apply). */
    public static String problem(ClassFileInfo type) {
        if (!applies(type)) {
            return null;
        }
        boolean provider = type.invisible(PROVIDER_TYPE) != null;
        boolean consumer = type.invisible(CONSUMER_TYPE) != null;
        String name = type.thisClass.replace('/', '.');
        if (provider && consumer) {
            return name + " carries both @ProviderType and @ConsumerType";
        }
        if (!provider && !consumer) {
            return name + " carries neither @ProviderType nor @ConsumerType";
        }
        return null;
    }
}
