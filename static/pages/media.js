// The media's chip-count page (templates/pokerfest/media.html): its parts, started in this order.
import "../live.js";
import "../chips.js";
import "../media.js";
