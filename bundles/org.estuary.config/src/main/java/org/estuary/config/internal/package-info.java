/**
 * The configuration guard: one place that refuses invalid configurations of every Estuary PID
 * ({@code org.estuary.*}), checked against the PID's own metatype, so a bad value typed in the web console or
 * with {@code config:edit} never reaches a component and the service keeps its last valid settings.
 */
package org.estuary.config.internal;
