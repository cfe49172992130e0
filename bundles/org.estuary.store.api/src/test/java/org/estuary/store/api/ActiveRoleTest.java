package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;

class ActiveRoleTest {

    /** A bundle context whose framework properties are {@code properties}; it answers nothing else. */
    private static BundleContext framework(Map<String, String> properties) {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getProperty")) {
                        return properties.get((String) args[0]);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aConfiguredMemberNameIsTakenAsGiven() {
        assertEquals("node-a", ActiveRole.memberName("  node-a ", framework(Map.of("karaf.name", "root"))));
    }

    @Test
    void otherwiseTheContainerIsNamedByItsFrameworkProperty() {
        String member = ActiveRole.memberName("", framework(Map.of("karaf.name", "second")));

        assertTrue(member.endsWith("/second"), member);
    }

    @Test
    void aFrameworkWithoutAContainerNameGivesEstuary() {
        String member = ActiveRole.memberName(null, framework(Map.of()));

        assertTrue(member.endsWith("/estuary"), member);
    }
}
