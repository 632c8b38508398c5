// The director's page (templates/pokerfest/director.html): its parts, started in this order.
import "../live.js";
import "../event_log.js";
import "../director.js";
import "../announce.js";
import "../rulings.js";
import "../action_suspension.js";
import "../chips.js";
import "../colour_up.js";
import "../penalties.js";
import "../tv_images.js";
import "../vouchers.js";
import "../console.js";
import "../console_bounties.js";
import "../flights.js";
import "../forecast.js";
import "../pause_everything.js";
