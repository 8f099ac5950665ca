// Hand-curated table of facts: rapid-transit stations in Canada (subway/métro/SkyTrain = S,
// light rail = L, bus rapid transit = B, commuter rail hub = C, passenger ferry terminal = F).
// Coordinates are station locations transcribed from the operators' published system maps and
// OpenStreetMap (ODbL) to ~100 m accuracy, which is finer than the 800 m walk catchment the
// transit model uses. Sources: TTC, STM, ARTM/exo, REM, TransLink, Calgary Transit, ETS,
// OC Transpo, GRT ION, Metrolinx GO. Interchange stations appear once per line on purpose: each
// line adds service. Vintage: networks as operating in 2025.
// Row format: name|lat|lng|mode|system

export const STATIONS_TEXT = `Finch|43.7804|-79.4153|S|TTC 1
North York Centre|43.7684|-79.4129|S|TTC 1
Sheppard-Yonge|43.7615|-79.4111|S|TTC 1
York Mills|43.7440|-79.4066|S|TTC 1
Lawrence|43.7251|-79.4024|S|TTC 1
Eglinton|43.7059|-79.3985|S|TTC 1
Davisville|43.6977|-79.3970|S|TTC 1
St Clair|43.6879|-79.3932|S|TTC 1
Summerhill|43.6823|-79.3910|S|TTC 1
Rosedale|43.6771|-79.3889|S|TTC 1
Bloor-Yonge|43.6710|-79.3857|S|TTC 1
Wellesley|43.6653|-79.3838|S|TTC 1
College|43.6613|-79.3831|S|TTC 1
TMU (Dundas)|43.6561|-79.3810|S|TTC 1
Queen|43.6524|-79.3793|S|TTC 1
King|43.6489|-79.3778|S|TTC 1
Union|43.6453|-79.3806|S|TTC 1
St Andrew|43.6476|-79.3848|S|TTC 1
Osgoode|43.6508|-79.3866|S|TTC 1
St Patrick|43.6548|-79.3883|S|TTC 1
Queen's Park|43.6600|-79.3905|S|TTC 1
Museum|43.6672|-79.3935|S|TTC 1
St George|43.6682|-79.3997|S|TTC 1
Spadina|43.6672|-79.4037|S|TTC 1
Dupont|43.6749|-79.4070|S|TTC 1
St Clair West|43.6841|-79.4153|S|TTC 1
Cedarvale|43.6993|-79.4357|S|TTC 1
Glencairn|43.7088|-79.4407|S|TTC 1
Lawrence West|43.7160|-79.4441|S|TTC 1
Yorkdale|43.7246|-79.4475|S|TTC 1
Wilson|43.7340|-79.4500|S|TTC 1
Sheppard West|43.7495|-79.4623|S|TTC 1
Downsview Park|43.7535|-79.4787|S|TTC 1
Finch West|43.7651|-79.4911|S|TTC 1
York University|43.7742|-79.4999|S|TTC 1
Pioneer Village|43.7769|-79.5096|S|TTC 1
Highway 407|43.7833|-79.5232|S|TTC 1
Vaughan Metropolitan Centre|43.7943|-79.5273|S|TTC 1
Kipling|43.6372|-79.5361|S|TTC 2
Islington|43.6452|-79.5240|S|TTC 2
Royal York|43.6482|-79.5113|S|TTC 2
Old Mill|43.6501|-79.4948|S|TTC 2
Jane|43.6500|-79.4842|S|TTC 2
Runnymede|43.6516|-79.4760|S|TTC 2
High Park|43.6540|-79.4667|S|TTC 2
Keele|43.6557|-79.4599|S|TTC 2
Dundas West|43.6567|-79.4527|S|TTC 2
Lansdowne|43.6591|-79.4425|S|TTC 2
Dufferin|43.6601|-79.4355|S|TTC 2
Ossington|43.6623|-79.4264|S|TTC 2
Christie|43.6641|-79.4183|S|TTC 2
Bathurst|43.6662|-79.4111|S|TTC 2
Spadina|43.6672|-79.4037|S|TTC 2
St George|43.6682|-79.3997|S|TTC 2
Bay|43.6702|-79.3902|S|TTC 2
Bloor-Yonge|43.6710|-79.3857|S|TTC 2
Sherbourne|43.6722|-79.3765|S|TTC 2
Castle Frank|43.6737|-79.3687|S|TTC 2
Broadview|43.6768|-79.3584|S|TTC 2
Chester|43.6782|-79.3523|S|TTC 2
Pape|43.6799|-79.3449|S|TTC 2
Donlands|43.6811|-79.3377|S|TTC 2
Greenwood|43.6826|-79.3303|S|TTC 2
Coxwell|43.6842|-79.3231|S|TTC 2
Woodbine|43.6862|-79.3128|S|TTC 2
Main Street|43.6890|-79.3016|S|TTC 2
Victoria Park|43.6949|-79.2887|S|TTC 2
Warden|43.7114|-79.2791|S|TTC 2
Kennedy|43.7324|-79.2637|S|TTC 2
Sheppard-Yonge|43.7615|-79.4111|S|TTC 4
Bayview|43.7669|-79.3867|S|TTC 4
Bessarion|43.7692|-79.3761|S|TTC 4
Leslie|43.7712|-79.3659|S|TTC 4
Don Mills|43.7755|-79.3464|S|TTC 4
Mount Dennis|43.6877|-79.4860|L|TTC 5
Caledonia|43.6927|-79.4574|L|TTC 5
Cedarvale|43.6993|-79.4357|L|TTC 5
Chaplin|43.7028|-79.4185|L|TTC 5
Avenue|43.7071|-79.4040|L|TTC 5
Eglinton|43.7059|-79.3985|L|TTC 5
Mount Pleasant|43.7087|-79.3900|L|TTC 5
Leaside|43.7108|-79.3772|L|TTC 5
Laird|43.7133|-79.3653|L|TTC 5
Science Centre|43.7180|-79.3400|L|TTC 5
Kennedy|43.7324|-79.2637|L|TTC 5
Union Station GO|43.6453|-79.3806|C|GO
Union Pearson Express Bloor|43.6578|-79.4486|C|GO/UP
Exhibition GO|43.6356|-79.4188|C|GO
Danforth GO|43.6865|-79.3001|C|GO
Kennedy GO|43.7324|-79.2637|C|GO
Oriole GO|43.7663|-79.3650|C|GO
Weston GO|43.7005|-79.5149|C|GO/UP
Mimico GO|43.6165|-79.4980|C|GO
Long Branch GO|43.5920|-79.5463|C|GO
Port Credit GO|43.5554|-79.5869|C|GO
Clarkson GO|43.5125|-79.6338|C|GO
Oakville GO|43.4548|-79.6823|C|GO
Burlington GO|43.3410|-79.8093|C|GO
Aldershot GO|43.3130|-79.8555|C|GO
Hamilton GO Centre|43.2535|-79.8693|C|GO
West Harbour GO|43.2667|-79.8666|C|GO
Cooksville GO|43.5837|-79.6249|C|GO
Streetsville GO|43.5788|-79.7140|C|GO
Malton GO|43.7054|-79.6370|C|GO
Bramalea GO|43.7065|-79.6905|C|GO
Brampton GO|43.6867|-79.7634|C|GO
Unionville GO|43.8520|-79.3144|C|GO
Richmond Hill Centre|43.8406|-79.4253|B|VIVA/GO
Pickering GO|43.8318|-79.0857|C|GO
Ajax GO|43.8485|-79.0415|C|GO
Whitby GO|43.8647|-78.9379|C|GO
Oshawa GO|43.8707|-78.8852|C|GO
Guildwood GO|43.7550|-79.1983|C|GO
Kitchener GO|43.4560|-80.4970|C|GO
Mississauga City Centre Transit Terminal|43.5931|-79.6433|B|MiWay
Angrignon|45.4463|-73.6036|S|STM verte
Monk|45.4510|-73.5933|S|STM verte
Jolicoeur|45.4570|-73.5820|S|STM verte
Verdun|45.4594|-73.5718|S|STM verte
De l'Église|45.4617|-73.5667|S|STM verte
LaSalle|45.4709|-73.5660|S|STM verte
Charlevoix|45.4783|-73.5693|S|STM verte
Lionel-Groulx|45.4829|-73.5798|S|STM verte
Atwater|45.4898|-73.5862|S|STM verte
Guy-Concordia|45.4958|-73.5797|S|STM verte
Peel|45.5010|-73.5745|S|STM verte
McGill|45.5040|-73.5717|S|STM verte
Place-des-Arts|45.5081|-73.5685|S|STM verte
Saint-Laurent|45.5107|-73.5648|S|STM verte
Berri-UQAM|45.5152|-73.5612|S|STM verte
Beaudry|45.5189|-73.5557|S|STM verte
Papineau|45.5236|-73.5522|S|STM verte
Frontenac|45.5332|-73.5519|S|STM verte
Préfontaine|45.5418|-73.5543|S|STM verte
Joliette|45.5470|-73.5518|S|STM verte
Pie-IX|45.5537|-73.5516|S|STM verte
Viau|45.5611|-73.5470|S|STM verte
Assomption|45.5694|-73.5467|S|STM verte
Cadillac|45.5769|-73.5466|S|STM verte
Langelier|45.5828|-73.5431|S|STM verte
Radisson|45.5890|-73.5397|S|STM verte
Honoré-Beaugrand|45.5966|-73.5357|S|STM verte
Côte-Vertu|45.5142|-73.6830|S|STM orange
Du Collège|45.5093|-73.6746|S|STM orange
De la Savane|45.5004|-73.6616|S|STM orange
Namur|45.4948|-73.6528|S|STM orange
Plamondon|45.4946|-73.6387|S|STM orange
Côte-Sainte-Catherine|45.4925|-73.6331|S|STM orange
Snowdon|45.4857|-73.6277|S|STM orange
Villa-Maria|45.4799|-73.6196|S|STM orange
Vendôme|45.4740|-73.6040|S|STM orange
Place-Saint-Henri|45.4771|-73.5866|S|STM orange
Lionel-Groulx|45.4829|-73.5798|S|STM orange
Georges-Vanier|45.4888|-73.5767|S|STM orange
Lucien-L'Allier|45.4949|-73.5711|S|STM orange
Bonaventure|45.4980|-73.5672|S|STM orange
Square-Victoria-OACI|45.5019|-73.5633|S|STM orange
Place-d'Armes|45.5062|-73.5597|S|STM orange
Champ-de-Mars|45.5101|-73.5563|S|STM orange
Berri-UQAM|45.5152|-73.5612|S|STM orange
Sherbrooke|45.5189|-73.5686|S|STM orange
Mont-Royal|45.5244|-73.5816|S|STM orange
Laurier|45.5272|-73.5866|S|STM orange
Rosemont|45.5313|-73.5973|S|STM orange
Beaubien|45.5356|-73.6043|S|STM orange
Jean-Talon|45.5389|-73.6140|S|STM orange
Jarry|45.5434|-73.6286|S|STM orange
Crémazie|45.5460|-73.6388|S|STM orange
Sauvé|45.5507|-73.6561|S|STM orange
Henri-Bourassa|45.5556|-73.6679|S|STM orange
Cartier|45.5603|-73.6820|S|STM orange
De la Concorde|45.5607|-73.7096|S|STM orange
Montmorency|45.5583|-73.7215|S|STM orange
Berri-UQAM|45.5152|-73.5612|S|STM jaune
Jean-Drapeau|45.5123|-73.5332|S|STM jaune
Longueuil-Université-de-Sherbrooke|45.5246|-73.5219|S|STM jaune
Snowdon|45.4857|-73.6277|S|STM bleue
Côte-des-Neiges|45.4966|-73.6229|S|STM bleue
Université-de-Montréal|45.5033|-73.6177|S|STM bleue
Édouard-Montpetit|45.5100|-73.6125|S|STM bleue
Outremont|45.5201|-73.6150|S|STM bleue
Acadie|45.5237|-73.6237|S|STM bleue
Parc|45.5306|-73.6247|S|STM bleue
De Castelnau|45.5355|-73.6200|S|STM bleue
Jean-Talon|45.5389|-73.6140|S|STM bleue
Fabre|45.5468|-73.6077|S|STM bleue
D'Iberville|45.5530|-73.6021|S|STM bleue
Saint-Michel|45.5597|-73.6000|S|STM bleue
Gare Centrale|45.4998|-73.5664|L|REM
McGill (REM)|45.5030|-73.5710|L|REM
Île-des-Sœurs|45.4665|-73.5470|L|REM
Panama|45.4594|-73.4965|L|REM
Du Quartier|45.4454|-73.4493|L|REM
Brossard|45.4405|-73.4335|L|REM
Lucien-L'Allier (exo)|45.4949|-73.5711|C|exo
Vendôme (exo)|45.4740|-73.6040|C|exo
Parc (exo)|45.5306|-73.6247|C|exo
Sainte-Thérèse|45.6434|-73.8316|C|exo
Laval-de-la-Concorde (exo)|45.5607|-73.7096|C|exo
Waterfront|49.2856|-123.1115|S|SkyTrain Expo
Burrard|49.2856|-123.1199|S|SkyTrain Expo
Granville|49.2832|-123.1163|S|SkyTrain Expo
Stadium-Chinatown|49.2794|-123.1094|S|SkyTrain Expo
Main Street-Science World|49.2733|-123.1004|S|SkyTrain Expo
Commercial-Broadway|49.2626|-123.0692|S|SkyTrain Expo
Nanaimo|49.2484|-123.0559|S|SkyTrain Expo
29th Avenue|49.2443|-123.0459|S|SkyTrain Expo
Joyce-Collingwood|49.2384|-123.0318|S|SkyTrain Expo
Patterson|49.2297|-123.0126|S|SkyTrain Expo
Metrotown|49.2258|-123.0039|S|SkyTrain Expo
Royal Oak|49.2200|-122.9884|S|SkyTrain Expo
Edmonds|49.2123|-122.9592|S|SkyTrain Expo
22nd Street|49.2000|-122.9490|S|SkyTrain Expo
New Westminster|49.2015|-122.9128|S|SkyTrain Expo
Columbia|49.2048|-122.9060|S|SkyTrain Expo
Scott Road|49.2043|-122.8741|S|SkyTrain Expo
Gateway|49.1990|-122.8506|S|SkyTrain Expo
Surrey Central|49.1896|-122.8479|S|SkyTrain Expo
King George|49.1827|-122.8448|S|SkyTrain Expo
Sapperton|49.2247|-122.8894|S|SkyTrain Expo
Braid|49.2333|-122.8828|S|SkyTrain Expo
VCC-Clark|49.2657|-123.0789|S|SkyTrain Millennium
Commercial-Broadway|49.2626|-123.0692|S|SkyTrain Millennium
Renfrew|49.2590|-123.0451|S|SkyTrain Millennium
Rupert|49.2608|-123.0329|S|SkyTrain Millennium
Gilmore|49.2649|-123.0136|S|SkyTrain Millennium
Brentwood Town Centre|49.2664|-123.0016|S|SkyTrain Millennium
Holdom|49.2648|-122.9822|S|SkyTrain Millennium
Sperling-Burnaby Lake|49.2592|-122.9641|S|SkyTrain Millennium
Lake City Way|49.2546|-122.9391|S|SkyTrain Millennium
Production Way-University|49.2536|-122.9181|S|SkyTrain Millennium
Lougheed Town Centre|49.2485|-122.8970|S|SkyTrain Millennium
Burquitlam|49.2614|-122.8898|S|SkyTrain Millennium
Moody Centre|49.2779|-122.8458|S|SkyTrain Millennium
Inlet Centre|49.2774|-122.8277|S|SkyTrain Millennium
Coquitlam Central|49.2740|-122.8000|S|SkyTrain Millennium
Lincoln|49.2805|-122.7940|S|SkyTrain Millennium
Lafarge Lake-Douglas|49.2857|-122.7915|S|SkyTrain Millennium
Waterfront|49.2856|-123.1115|S|SkyTrain Canada
Vancouver City Centre|49.2825|-123.1186|S|SkyTrain Canada
Yaletown-Roundhouse|49.2745|-123.1219|S|SkyTrain Canada
Olympic Village|49.2664|-123.1156|S|SkyTrain Canada
Broadway-City Hall|49.2629|-123.1148|S|SkyTrain Canada
King Edward|49.2491|-123.1154|S|SkyTrain Canada
Oakridge-41st Avenue|49.2331|-123.1165|S|SkyTrain Canada
Langara-49th Avenue|49.2264|-123.1163|S|SkyTrain Canada
Marine Drive|49.2096|-123.1170|S|SkyTrain Canada
Bridgeport|49.1955|-123.1259|S|SkyTrain Canada
Aberdeen|49.1841|-123.1364|S|SkyTrain Canada
Lansdowne|49.1745|-123.1364|S|SkyTrain Canada
Richmond-Brighouse|49.1680|-123.1364|S|SkyTrain Canada
Templeton|49.1967|-123.1462|S|SkyTrain Canada
Sea Island Centre|49.1932|-123.1580|S|SkyTrain Canada
YVR-Airport|49.1945|-123.1781|S|SkyTrain Canada
Waterfront (SeaBus)|49.2856|-123.1115|F|SeaBus
Lonsdale Quay|49.3100|-123.0828|F|SeaBus
Port Moody WCE|49.2779|-122.8458|C|West Coast Express
Coquitlam Central WCE|49.2740|-122.8000|C|West Coast Express
Port Coquitlam WCE|49.2616|-122.7740|C|West Coast Express
Pitt Meadows WCE|49.2250|-122.6888|C|West Coast Express
Maple Meadows WCE|49.2167|-122.6665|C|West Coast Express
Port Haney WCE|49.2120|-122.6050|C|West Coast Express
Mission City WCE|49.1335|-122.3045|C|West Coast Express
Tuscany|51.1350|-114.2356|L|CTrain Red
Crowfoot|51.1225|-114.2072|L|CTrain Red
Dalhousie|51.1042|-114.1595|L|CTrain Red
Brentwood|51.0865|-114.1325|L|CTrain Red
University|51.0797|-114.1250|L|CTrain Red
Banff Trail|51.0750|-114.1146|L|CTrain Red
Lions Park|51.0686|-114.0916|L|CTrain Red
SAIT/AUArts/Jubilee|51.0645|-114.0888|L|CTrain Red
Sunnyside|51.0592|-114.0825|L|CTrain Red
7 St SW|51.0463|-114.0775|L|CTrain
4 St SW|51.0461|-114.0720|L|CTrain
1 St SW|51.0461|-114.0665|L|CTrain
Centre Street|51.0461|-114.0630|L|CTrain
City Hall/Bow Valley College|51.0460|-114.0571|L|CTrain
Downtown West-Kerby|51.0459|-114.0823|L|CTrain Blue
Victoria Park/Stampede|51.0398|-114.0578|L|CTrain Red
Erlton/Stampede|51.0316|-114.0625|L|CTrain Red
39 Avenue|51.0172|-114.0595|L|CTrain Red
Chinook|50.9985|-114.0628|L|CTrain Red
Heritage|50.9867|-114.0641|L|CTrain Red
Southland|50.9618|-114.0655|L|CTrain Red
Anderson|50.9545|-114.0681|L|CTrain Red
Canyon Meadows|50.9393|-114.0662|L|CTrain Red
Fish Creek-Lacombe|50.9232|-114.0626|L|CTrain Red
Shawnessy|50.9038|-114.0654|L|CTrain Red
Somerset-Bridlewood|50.8985|-114.0705|L|CTrain Red
Saddletowne|51.1255|-113.9476|L|CTrain Blue
Martindale|51.1190|-113.9525|L|CTrain Blue
McKnight-Westwinds|51.1000|-113.9583|L|CTrain Blue
Whitehorn|51.0860|-113.9650|L|CTrain Blue
Rundle|51.0772|-113.9748|L|CTrain Blue
Marlborough|51.0600|-113.9820|L|CTrain Blue
Franklin|51.0548|-113.9938|L|CTrain Blue
Barlow/Max Bell|51.0473|-114.0070|L|CTrain Blue
Zoo|51.0470|-114.0313|L|CTrain Blue
Bridgeland/Memorial|51.0510|-114.0398|L|CTrain Blue
Sunalta|51.0425|-114.0966|L|CTrain Blue
Shaganappi Point|51.0411|-114.1241|L|CTrain Blue
Westbrook|51.0403|-114.1383|L|CTrain Blue
45 Street|51.0382|-114.1543|L|CTrain Blue
Sirocco|51.0388|-114.1712|L|CTrain Blue
69 Street|51.0408|-114.2101|L|CTrain Blue
Clareview|53.6068|-113.4115|L|ETS Capital
Belvedere|53.5878|-113.4316|L|ETS Capital
Coliseum|53.5719|-113.4596|L|ETS Capital
Stadium|53.5598|-113.4760|L|ETS Capital
Churchill|53.5442|-113.4888|L|ETS Capital
Central|53.5414|-113.4924|L|ETS Capital
Bay/Enterprise Square|53.5390|-113.4972|L|ETS Capital
Corona|53.5390|-113.5041|L|ETS Capital
Grandin/Government Centre|53.5364|-113.5091|L|ETS Capital
University|53.5219|-113.5208|L|ETS Capital
Health Sciences/Jubilee|53.5198|-113.5258|L|ETS Capital
McKernan/Belgravia|53.5126|-113.5262|L|ETS Capital
South Campus|53.5039|-113.5265|L|ETS Capital
Southgate|53.4866|-113.5128|L|ETS Capital
Century Park|53.4567|-113.5164|L|ETS Capital
MacEwan|53.5475|-113.4980|L|ETS Metro
Kingsway/Royal Alex|53.5643|-113.5045|L|ETS Metro
NAIT/Blatchford Market|53.5704|-113.5020|L|ETS Metro
Quarters|53.5427|-113.4829|L|ETS Valley
Muttart|53.5348|-113.4754|L|ETS Valley
Bonnie Doon|53.5208|-113.4558|L|ETS Valley
Davies|53.4957|-113.4330|L|ETS Valley
Mill Woods|53.4573|-113.4284|L|ETS Valley
Tunney's Pasture|45.4036|-75.7352|L|O-Train 1
Bayview|45.4092|-75.7219|L|O-Train 1
Pimisi|45.4136|-75.7136|L|O-Train 1
Lyon|45.4185|-75.7039|L|O-Train 1
Parliament|45.4213|-75.6985|L|O-Train 1
Rideau|45.4258|-75.6916|L|O-Train 1
uOttawa|45.4208|-75.6829|L|O-Train 1
Lees|45.4166|-75.6705|L|O-Train 1
Hurdman|45.4124|-75.6642|L|O-Train 1
Tremblay|45.4166|-75.6538|L|O-Train 1
St-Laurent|45.4207|-75.6387|L|O-Train 1
Cyrville|45.4226|-75.6268|L|O-Train 1
Blair|45.4313|-75.6086|L|O-Train 1
Bayview|45.4092|-75.7219|L|O-Train 2
Corso Italia|45.4016|-75.7129|L|O-Train 2
Dow's Lake|45.3972|-75.7062|L|O-Train 2
Carleton|45.3857|-75.6961|L|O-Train 2
Mooney's Bay|45.3735|-75.6885|L|O-Train 2
Greenboro|45.3604|-75.6591|L|O-Train 2
South Keys|45.3535|-75.6556|L|O-Train 2
Baseline|45.3485|-75.7625|B|OC Transpo Transitway
Lincoln Fields|45.3663|-75.7834|B|OC Transpo Transitway
Conestoga|43.4983|-80.5281|L|ION
Research and Technology|43.4790|-80.5480|L|ION
University of Waterloo|43.4738|-80.5413|L|ION
Laurier-Waterloo Park|43.4736|-80.5302|L|ION
Waterloo Public Square|43.4647|-80.5227|L|ION
Willis Way|43.4624|-80.5213|L|ION
Allen|43.4584|-80.5152|L|ION
Grand River Hospital|43.4567|-80.5112|L|ION
Central Station|43.4553|-80.4993|L|ION
Kitchener City Hall|43.4514|-80.4916|L|ION
Frederick|43.4495|-80.4880|L|ION
Mill|43.4400|-80.4670|L|ION
Block Line|43.4282|-80.4441|L|ION
Fairway|43.4237|-80.4391|L|ION
Halifax Ferry Terminal|44.6497|-63.5710|F|Halifax Transit
Alderney Ferry Terminal|44.6660|-63.5690|F|Halifax Transit`
