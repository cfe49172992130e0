/** One JMX MBean per registered store (issue 7 item 4), registered through Karaf's jmx.objectname whiteboard. */
package org.estuary.management.internal;
