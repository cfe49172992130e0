package org.estuary.config.internal;

import java.util.Arrays;
import java.util.function.Function;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.metatype.ObjectClassDefinition;

/**
 * Finds a PID's attribute definitions in whichever bundle declares its metatype (a DS component's
 * {@code @ObjectClassDefinition} lives in the component's bundle), so services added later are guarded without
 * registering anything.
 */
final class MetatypeDefinitions implements Function<String, org.osgi.service.metatype.AttributeDefinition[]> {

    private final BundleContext context;
    private final MetaTypeService metatype;

    MetatypeDefinitions(BundleContext context, MetaTypeService metatype) {
        this.context = context;
        this.metatype = metatype;
    }

    @Override
    public org.osgi.service.metatype.AttributeDefinition[] apply(String pid) {
        for (Bundle bundle : context.getBundles()) {
            if ((bundle.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) == 0) {
                continue;
            }
            MetaTypeInformation information = metatype.getMetaTypeInformation(bundle);
            if (information == null || !(contains(information.getPids(), pid)
                    || contains(information.getFactoryPids(), pid))) {
                continue;
            }
            ObjectClassDefinition definition = information.getObjectClassDefinition(pid, null);
            return definition.getAttributeDefinitions(ObjectClassDefinition.ALL);
        }
        return null;
    }

    private static boolean contains(String[] pids, String pid) {
        return pids != null && Arrays.asList(pids).contains(pid);
    }
}
