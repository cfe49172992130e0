package org.estuary.event.beans;

import java.util.ArrayList;
import java.util.List;

/** Records calls as "method:price". */
public class RecordingPriceListener implements PriceListener {

    final List<String> calls = new ArrayList<>();
    final List<PriceEvent> events = new ArrayList<>();

    @Override
    public void priceChanged(PriceEvent event) {
        calls.add("priceChanged:" + event.getPrice());
        events.add(event);
    }

    @Override
    public void priceWithdrawn(PriceEvent event) {
        calls.add("priceWithdrawn:" + event.getPrice());
        events.add(event);
    }
}
