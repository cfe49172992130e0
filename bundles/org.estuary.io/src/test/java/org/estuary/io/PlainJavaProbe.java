package org.estuary.io;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs inside a class loader without OSGi classes ({@link PlainJavaTest}); uses only the JDK and this library, as
 * a remote client would.
 */
public final class PlainJavaProbe {

    private PlainJavaProbe() {
    }

    public static String roundTrip() throws Exception {
        Marshaller marshaller = Marshallers.builder().classLoader(PlainJavaProbe.class.getClassLoader()).build();
        Map<String, Object> value = new HashMap<>(Map.of("k", List.of(1, 2)));
        Object back = marshaller.unmarshal(marshaller.marshal(value), Map.class);
        Object held = marshaller.unmarshal(marshaller.marshal(marshaller.marshalled(value)), Marshalled.class).get();
        try {
            marshaller.unmarshal(marshaller.marshal(new java.util.PriorityQueue<>(2, new evil.gadget.EvilComparator())),
                    Object.class);
            return "filter did not reject";
        } catch (SerialFilterException expected) {
            // the filter works without the framework too
        }
        return back + " " + held + " " + Marshallers.defaults().filter().maxDepth();
    }
}
