// The public lobby's page (templates/pokerfest/lobby.html): its parts, started in this order.
import "../live.js";
import "../lobby.js";
import "../chips.js";
import "../lobby_bounties.js";
