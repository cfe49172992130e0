package org.estuary.management;

import java.util.Hashtable;

import javax.management.DynamicMBean;
import javax.management.StandardMBean;

import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * Puts an MXBean into the container's MBeanServer the way every Estuary bean goes there: as a
 * {@code DynamicMBean} service carrying {@code jmx.objectname}, which Karaf's {@code management} feature (the Aries
 * JMX whiteboard) registers while the service is, and takes out when it is unregistered.
 */
@ProviderType
public final class MBeans {

    /** The service property the JMX whiteboard reads the bean's name from. */
    public static final String OBJECT_NAME = "jmx.objectname";

    private MBeans() {
    }

    /**
     * Registers {@code bean} as an MXBean of interface {@code type} under {@code objectName}.
     *
     * @return the registration; unregistering it takes the bean out of the MBeanServer
     */
    public static <T> ServiceRegistration<?> register(BundleContext context, T bean, Class<T> type,
            String objectName, String description) {
        Hashtable<String, Object> properties = Registrations.properties(description);
        properties.put(OBJECT_NAME, objectName);
        return context.registerService(DynamicMBean.class.getName(), new StandardMBean(bean, type, true),
                properties);
    }
}
