// The set-up page (templates/pokerfest/setup.html): its parts, started in this order.
import "../setup.js";
import "../flights.js";
