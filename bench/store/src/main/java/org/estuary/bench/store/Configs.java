package org.estuary.bench.store;

import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.util.Map;

/** A component's configuration annotation with its defaults, some of them overridden: what DS would pass. */
final class Configs {

    private Configs() {
    }

    /** {@code overrides} maps method names ({@code data_directory}) to values. */
    static <A extends Annotation> A of(Class<A> type, Map<String, Object> overrides) {
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
