// The registration desk's page (templates/pokerfest/desk.html): its parts, started in this order.
import "../live.js";
import "../desk.js";
import "../desk_player.js";
import "../desk_prereg.js";
import "../public_name.js";
