/** One JMX MBean per registered store, registered through Karaf's jmx.objectname whiteboard. */
package org.estuary.management.internal;
