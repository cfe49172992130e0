package org.estuary.config.internal;

import org.apache.felix.metatype.AD;
import org.osgi.service.metatype.AttributeDefinition;

/** Attribute definitions as Karaf's MetaType service builds them from a component's metatype XML. */
final class Definitions {

    private Definitions() {
    }

    static AttributeDefinition attribute(String id, String type, String min, String max) {
        AD ad = new AD();
        ad.setID(id);
        ad.setName(id);
        ad.setType(type);
        ad.setCardinality(0);
        if (min != null) {
            ad.setMin(min);
        }
        if (max != null) {
            ad.setMax(max);
        }
        ad.setRequired(true);
        return new AttributeDefinition() {
            @Override
            public String getName() {
                return ad.getName();
            }

            @Override
            public String getID() {
                return ad.getID();
            }

            @Override
            public String getDescription() {
                return null;
            }

            @Override
            public int getCardinality() {
                return ad.getCardinality();
            }

            @Override
            public int getType() {
                return ad.getType();
            }

            @Override
            public String[] getOptionValues() {
                return null;
            }

            @Override
            public String[] getOptionLabels() {
                return null;
            }

            @Override
            public String validate(String value) {
                return ad.validate(value);
            }

            @Override
            public String[] getDefaultValue() {
                return null;
            }
        };
    }

    /** A slice of the lease renewal service's metatype. */
    static AttributeDefinition[] renewal() {
        return new AttributeDefinition[] {attribute("max.sets", "Integer", "1", null),
            attribute("renewal.lead.ms", "Long", "1", null), attribute("store.target", "String", null, null)};
    }
}
