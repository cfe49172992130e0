package org.estuary.store.api.testing;

import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.util.Map;

/**
 * A component's configuration annotation as SCR builds it: every element at its default, some overridden. For
 * tests that build a DS component directly, without a framework.
 */
public final class ComponentConfig {

    private ComponentConfig() {
    }

    /** Every element of {@code type} at its default. */
    public static <A extends Annotation> A of(Class<A> type) {
        return of(type, Map.of());
    }

    /** {@code overrides} maps element names ({@code data_directory}) to values; the rest keep their defaults. */
    public static <A extends Annotation> A of(Class<A> type, Map<String, ?> overrides) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            switch (method.getName()) {
                case "annotationType":
                    return type;
                case "toString":
                    return type.getSimpleName() + overrides;
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                default:
                    return overrides.containsKey(method.getName()) ? overrides.get(method.getName())
                            : method.getDefaultValue();
            }
        }));
    }
}
