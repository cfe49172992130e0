package org.estuary.event.beans;

import java.util.EventListener;

/** A JavaBeans listener interface with one method per kind of event, as EV.4.1 describes. */
public interface PriceListener extends EventListener {

    void priceChanged(PriceEvent event);

    void priceWithdrawn(PriceEvent event);

    /** Default methods are not listener methods of the bridge. */
    default String describe() {
        return "price listener";
    }
}
